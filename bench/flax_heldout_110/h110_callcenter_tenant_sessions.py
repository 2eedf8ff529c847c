# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "metering" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a TenantSession (module + variables) kept in the SessionPool's per-tenant dict; the fori_loop body calls self.pool.sessions[tenant].forecast, whose apply meters calls into the immutable "metering" collection
"""Contact-center staffing: per-tenant interval forecasts of agent demand.

Every tenant gets its own fine-tuned staffing model; the model meters its own calls so
billing can charge tenants per forecast.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class StaffingModel(nn.Module):
    skills: int = 3

    @nn.compact
    def __call__(self, interval_features):
        calls = self.variable("metering", "calls", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            calls.value = calls.value + 1
        h = nn.relu(nn.Dense(16, name="volume")(interval_features))
        return nn.softplus(nn.Dense(self.skills, name="agents")(h))


class TenantSession:
    def __init__(self, tenant_id: str, model: StaffingModel, variables):
        self.tenant_id = tenant_id
        self.model = model
        self.variables = variables

    def forecast(self, features):
        return self.model.apply(self.variables, features)


class SessionPool:
    def __init__(self):
        self.sessions: dict[str, TenantSession] = {}

    def open(self, tenant_id, model, variables):
        self.sessions[tenant_id] = TenantSession(tenant_id, model, variables)
        return self.sessions[tenant_id]


class StaffingService:
    def __init__(self, pool: SessionPool, intervals: int = 8):
        self.pool, self.intervals = pool, intervals

    def shift_plan(self, tenant: str, features_by_interval):
        def interval(i, agents):
            need = self.pool.sessions[tenant].forecast(features_by_interval[i])
            return jnp.maximum(agents, jnp.ceil(need))

        return fori_loop(0, self.intervals, interval, jnp.zeros(3))


def main():
    pool = SessionPool()
    features = jax.random.uniform(jax.random.key(0), (8, 10))  # 8 intervals x 10 features
    for i, tenant in enumerate(["acme-insurance", "northwind-telco"]):
        model = StaffingModel()
        pool.open(tenant, model, model.init(jax.random.key(i), features[0]))
    plan = StaffingService(pool).shift_plan("northwind-telco", features)
    jax.block_until_ready(plan)
    return None
