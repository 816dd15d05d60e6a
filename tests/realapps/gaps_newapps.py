"""What today's gate and page model get wrong on JupyterLab and django-oscar (issue 29, measured on s10-i29apps):
strict xfails naming the general rule that is missing; a fix shows as XPASS, which fails until its key is removed."""

from __future__ import annotations

# corpus.tasks_newapps tasks -> why each fails today (tests/realapps/test_gate_realapps.py)
NEWAPPS_GATE_GAPS: dict[str, str] = {
    "jupyterlab:shut-down-kernels": "held once and run once on the right element (the open dialog's button outranks "
    "the covered sidebar button of the same name), but the summary names no object ('cancel button 'Shut Down All' "
    "(page 'JupyterLab')'; rule missing: the object of a section's bulk action is the section's items, 'kernels')",
    "oscar:place-order": "held once at 'Place order' as a payment and run once, but the summary names only the total "
    "('pay for total £89.00'), not what is bought (rule missing: a purchase's object is its items and quantities, "
    "read from the review step's lines, with the total)",
    "oscar:remove-basket-line": "a basket line's 'Remove' link is held as a deletion (rule missing: removing a line "
    "of one's own basket/cart draft is an ordinary edit; the page's basket context is not used for a bare 'Remove')",
}
