"""Policy through the SDK's hooks: least privilege, delegation order, the confirmation gate, stuck detection."""
