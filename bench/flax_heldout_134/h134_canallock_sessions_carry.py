# label: ok
# flax-error: none
# class: 4 LockService keeps a pool of LockSession objects, each holding the model and its variables; the "counters" collection enters and leaves the while_loop in the carry
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
        self.model = model
        self.params = variables["params"]
        self.counters = variables["counters"]

    def fill_step(self, counters, level, upper):
        level, updates = self.model.apply(
            {"params": self.params, "counters": counters}, level, upper, mutable=["counters"]
        )
        return level, updates["counters"]


class LockService:
    def __init__(self, model, variables, lock_ids):
        self._pool = {lock_id: LockSession(lock_id, model, variables) for lock_id in lock_ids}

    def session(self, lock_id):
        return self._pool[lock_id]

    def fill(self, lock_id, level, upper):
        def cond(state):
            level, steps, _ = state
            return (level < upper) & (steps < 50)

        def body(state):
            level, steps, counters = state
            level, counters = self.session(lock_id).fill_step(counters, level, upper)
            return level, steps + 1, counters

        session = self.session(lock_id)
        level, steps, session.counters = jax.lax.while_loop(cond, body, (level, 0, session.counters))
        return level, steps


def main():
    model = ChamberModel()
    variables = model.init(jax.random.key(0), jnp.float32(0.0), jnp.float32(3.0))
    service = LockService(model, variables, ["flight-1", "flight-2", "flight-3"])
    service.fill("flight-2", jnp.float32(0.5), jnp.float32(3.0))
    return None
