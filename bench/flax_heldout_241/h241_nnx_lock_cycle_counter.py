# label: trace-context
# flax-error: TraceContextError: Cannot mutate CycleCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the lock-gate module's own run_schedule method scans over vessel demands and its gate step bumps self.cycles
"""Gate-cycle bookkeeping for a lock: each passing vessel opens the gate and wears the hinges."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class CycleCount(nnx.Variable):
    pass


class LockGate(nnx.Module):
    def __init__(self, vessels_per_slot: int, *, rngs: nnx.Rngs):
        self.hinge = nnx.Linear(vessels_per_slot, 2, rngs=rngs)
        self.cycles = CycleCount(jnp.zeros((), jnp.int32))

    def open_for(self, demand):
        self.cycles[...] += 1
        return nnx.softplus(self.hinge(demand)).sum()

    def run_schedule(self, demands):
        def slot(wear, demand):
            step_wear = self.open_for(demand)
            return wear + step_wear, step_wear

        return lax.scan(slot, jnp.zeros(()), demands)


class LockKeeper:
    def __init__(self, gates):
        self.gates = gates

    def day(self, demands):
        return {name: gate.run_schedule(demands) for name, gate in self.gates.items()}


def main():
    rngs = nnx.Rngs(12)
    keeper = LockKeeper({"upstream": LockGate(3, rngs=rngs), "downstream": LockGate(3, rngs=rngs)})
    demands = jnp.array([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0], [3.0, 0.0, 0.0], [1.0, 1.0, 1.0]])
    report = keeper.day(demands)
    cycles = {name: gate.cycles[...] for name, gate in keeper.gates.items()}
    jax.block_until_ready((report, cycles))
    return None
