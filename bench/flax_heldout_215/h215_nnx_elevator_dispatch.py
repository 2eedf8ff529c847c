# label: trace-context
# flax-error: TraceContextError: Cannot mutate WaitingCalls from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_dispatch_step(policy, calls) factory returns a while_loop body that calls the policy, which writes its WaitingCalls Variable
"""Elevator group dispatch: replaying a morning's hall calls through a learned policy.

The policy keeps a decayed count of waiting hall calls per floor in a Variable subclass. The
simulator builds its loop body with a factory, the same one the online controller uses.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class WaitingCalls(nnx.Variable):
    """Decayed hall-call pressure per floor."""


class DispatchPolicy(nnx.Module):
    def __init__(self, floors, *, rngs: nnx.Rngs):
        self.scorer = nnx.Linear(2 * floors, floors, rngs=rngs)
        self.waiting = WaitingCalls(jnp.zeros(floors))
        self.decay = 0.8

    def __call__(self, hall_calls, car_floor):
        self.waiting[...] = self.decay * self.waiting[...] + hall_calls
        position = jax.nn.one_hot(car_floor, hall_calls.shape[0])
        return jnp.argmax(self.scorer(jnp.concatenate([self.waiting[...], position])))


def make_dispatch_step(policy, calls):
    def step(state):
        t, car_floor, travelled = state
        target = policy(calls[t], car_floor)
        return t + 1, target, travelled + jnp.abs(target - car_floor)

    return step


def simulate(policy, calls):
    horizon = calls.shape[0]
    step = make_dispatch_step(policy, calls)
    _, final_floor, travelled = while_loop(lambda s: s[0] < horizon, step, (0, jnp.int32(0), jnp.int32(0)))
    return final_floor, travelled


def main():
    floors, minutes = 6, 15
    t = jnp.arange(minutes * floors, dtype=jnp.float32).reshape(minutes, floors)
    calls = (jnp.sin(t * 1.7) > 0.6).astype(jnp.float32)
    policy = DispatchPolicy(floors, rngs=nnx.Rngs(0))
    final_floor, travelled = simulate(policy, calls)
    jax.block_until_ready(travelled)
    return None
