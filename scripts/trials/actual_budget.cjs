// Seed and read an Actual Budget trial through Actual's own client library (npm `@actual-app/api`), never the page.
//   node actual_budget.cjs seed  SERVER_URL PASSWORD DATA_DIR   -> a household budget uploaded to the sync server
//   node actual_budget.cjs truth SERVER_URL PASSWORD DATA_DIR   -> the server's copy, downloaded and printed as JSON
// Needs ACTUAL_API (the folder holding node_modules/@actual-app/api). Nothing calls out beyond SERVER_URL.
const path = require('node:path');
const fs = require('node:fs');
const api = require(path.join(process.env.ACTUAL_API || '/work/trials/actual-api', 'node_modules/@actual-app/api'));

const [mode, serverURL, password, dataDir] = process.argv.slice(2);
const BUDGET = 'Hollins household';
const MONTH = process.env.ACTUAL_MONTH || new Date().toISOString().slice(0, 7);

async function seed() {
  await api.internal.send('create-budget', { budgetName: BUDGET, avoidUpload: true });
  const uploaded = await api.internal.send('upload-budget');
  if (uploaded && uploaded.error) throw new Error(`upload: ${JSON.stringify(uploaded.error)}`);
  await api.batchBudgetUpdates(async () => {
    for (const group of await api.getCategoryGroups()) if (!group.is_income) await api.deleteCategoryGroup(group.id);
    const bills = await api.createCategoryGroup({ name: 'Bills' });
    const life = await api.createCategoryGroup({ name: 'Everyday' });
    const cat = {};
    for (const [name, group] of [['Rent', bills], ['Energy', bills], ['Phone & broadband', bills],
                                 ['Groceries', life], ['Bike repairs', life], ['Eating out', life]]) {
      cat[name] = await api.createCategory({ name, group_id: group });
    }
    const income = (await api.getCategories()).find(c => c.is_income);
    const current = await api.createAccount({ name: 'Current account', type: 'checking' }, 0);
    await api.createAccount({ name: 'Rainy-day savings', type: 'savings' }, 120000);
    const card = await api.createAccount({ name: 'Old store card', type: 'credit' }, 0);
    const day = d => `${MONTH}-${String(d).padStart(2, '0')}`;
    const rows = [[1, 'Wexford Lettings', 'Rent', -85000, 'November rent'],
                  [2, 'Employer payroll', null, 240000, 'Salary'],
                  [3, 'Northgrid Energy', 'Energy', -6412, ''],
                  [5, 'Kestrel Mobile', 'Phone & broadband', -2899, ''],
                  [6, 'Harbour Grocers', 'Groceries', -4730, 'weekly shop'],
                  [9, 'Spoke & Chain', 'Bike repairs', -3500, 'new chain'],
                  [12, 'Harbour Grocers', 'Groceries', -5215, 'weekly shop'],
                  [14, 'The Lantern Café', 'Eating out', -1840, 'lunch with Ada'],
                  [19, 'Harbour Grocers', 'Groceries', -3987, 'weekly shop'],
                  [21, 'Pizzeria Vesuvio', 'Eating out', -2650, 'Friday pizza']];
    await api.addTransactions(current, rows.map(([d, payee, c, amount, notes]) => ({
      date: day(d), payee_name: payee, amount, notes,
      category: c ? cat[c] : income.id })));
    await api.addTransactions(card, [{ date: day(4), payee_name: 'Harbour Grocers', amount: -1299,
                                       notes: 'last use', category: cat.Groceries },
                                     { date: day(8), payee_name: 'Card repayment', amount: 1299, notes: '' }]);
    for (const [name, amount] of [['Rent', 85000], ['Energy', 7000], ['Phone & broadband', 3000],
                                  ['Groceries', 20000], ['Bike repairs', 5000], ['Eating out', 6000]]) {
      await api.setBudgetAmount(MONTH, cat[name], amount);
    }
  });
  await api.sync();
  const budgets = await api.getBudgets();
  console.log(JSON.stringify(budgets.map(b => ({ name: b.name, groupId: b.groupId, cloudFileId: b.cloudFileId }))));
}

async function truth() {
  const budgets = await api.getBudgets();
  const remote = budgets.find(b => b.name === BUDGET && b.groupId);
  if (remote.id) fs.rmSync(path.join(dataDir, remote.id), { recursive: true, force: true });
  await api.downloadBudget(remote.groupId);
  await api.sync();
  const accounts = await api.getAccounts();
  const out = { accounts: [], budget: {} };
  for (const a of accounts) {
    const rows = await api.getTransactions(a.id, '2000-01-01', '2100-12-31');
    out.accounts.push({ name: a.name, closed: !!a.closed, balance: await api.getAccountBalance(a.id),
                        transactions: rows.map(t => `${t.date} ${t.payee_name || t.imported_payee || t.payee} ${t.amount} ${t.notes || ''}`.trim()) });
  }
  const month = await api.getBudgetMonth(MONTH);
  for (const group of month.categoryGroups) {
    for (const c of group.categories) if (!c.is_income) out.budget[c.name] = c.budgeted;
  }
  console.log(JSON.stringify(out, null, 1));
}

(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  process.env.ACTUAL_DATA_DIR = dataDir;  // the library writes its export there before an upload
  await api.init({ dataDir, serverURL, password });
  try {
    await (mode === 'seed' ? seed() : truth());
  } finally {
    await api.shutdown();
  }
})().catch(e => { console.error(e); process.exit(1); });
