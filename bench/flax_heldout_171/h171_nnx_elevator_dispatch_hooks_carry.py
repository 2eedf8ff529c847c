# label: ok
# flax-error: none
# class: 4 the DispatchRunner carries the policy through the fori_loop and passes the policy the loop returns to its hooks; a SnapshotHook keeps it and the exporter reads it
"""Elevator dispatch: adapts the car-assignment policy over a morning rush, with snapshot hooks."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DispatchCount(nnx.Variable):
    pass


class CarPolicy(nnx.Module):
    def __init__(self, floors: int, cars: int, rngs: nnx.Rngs):
        self.assign = nnx.Linear(floors, cars, rngs=rngs)
        self.norm = nnx.BatchNorm(cars, momentum=0.9, rngs=rngs)
        self.dispatched = DispatchCount(jnp.zeros((), jnp.int32))

    def __call__(self, calls):
        self.dispatched[...] = self.dispatched[...] + calls.shape[0]
        return jax.nn.softmax(self.norm(self.assign(calls)), axis=-1)


class SnapshotHook:
    def __init__(self):
        self.latest = None

    def on_step(self, step, policy):
        self.latest = policy


class DispatchRunner:
    def __init__(self, policy: CarPolicy, hooks):
        self.policy = policy
        self.hooks = hooks

    def rush_hour(self, call_waves):
        def body(i, policy):
            policy(call_waves[i])
            return policy

        self.policy = lax.fori_loop(0, call_waves.shape[0], body, self.policy)
        for hook in self.hooks:
            hook.on_step(call_waves.shape[0], self.policy)
        return self.policy


def export_snapshot(hook: SnapshotHook):
    return {"dispatched": hook.latest.dispatched[...] * 1, "mean": hook.latest.norm.mean[...] * 1}


def main():
    call_waves = jax.random.uniform(jax.random.key(19), (6, 4, 12))  # 6 waves, 4 calls, 12 floors
    hook = SnapshotHook()
    runner = DispatchRunner(CarPolicy(12, 3, nnx.Rngs(0)), [hook])
    runner.rush_hour(call_waves)
    exported = export_snapshot(hook)
    float(exported["mean"].sum() + exported["dispatched"])
    return None
