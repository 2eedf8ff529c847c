# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "gate_cycles" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 LockService keeps a pool of LockSession objects, each holding model.bind(variables); the while_loop body reaches the bound module through service.session(...) and the module bumps its "counters" collection
"""Canal-lock operations service: one session per lock flight; a filling run cycles the
chamber until the water level matches the upper pound, counting gate cycles for the
maintenance log."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ChamberModel(nn.Module):
    @nn.compact
    def __call__(self, level, upper):
        inflow = nn.softplus(nn.Dense(1)(jnp.stack([level, upper]))[0])
        cycles = self.variable("counters", "gate_cycles", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            cycles.value = cycles.value + 1
        return level + 0.2 + 0.1 * inflow


class LockSession:
    def __init__(self, lock_id, model, variables):
        self.lock_id = lock_id
        self.bound = model.bind(variables)

    def fill_step(self, level, upper):
        return self.bound(level, upper)


class LockService:
    def __init__(self, model, variables, lock_ids):
        self._pool = {lock_id: LockSession(lock_id, model, variables) for lock_id in lock_ids}

    def session(self, lock_id):
        return self._pool[lock_id]

    def fill(self, lock_id, level, upper):
        def cond(state):
            level, steps = state
            return (level < upper) & (steps < 50)

        def body(state):
            level, steps = state
            return self.session(lock_id).fill_step(level, upper), steps + 1

        return jax.lax.while_loop(cond, body, (level, 0))


def main():
    model = ChamberModel()
    variables = model.init(jax.random.key(0), jnp.float32(0.0), jnp.float32(3.0))
    service = LockService(model, variables, ["flight-1", "flight-2", "flight-3"])
    service.fill("flight-2", jnp.float32(0.5), jnp.float32(3.0))
    return None
