# label: ok
# flax-error: none
# class: 1 DispatchPolicy.__call__ runs the fori_loop itself; the 'dispatch' load travels in the loop carry and load.value is written once after the loop
"""Elevator group control: a Linen policy scores hall calls per car and balances
the load over a few assignment sweeps; the accumulated load is kept as state."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DispatchPolicy(nn.Module):
    cars: int = 4
    sweeps: int = 3

    @nn.compact
    def __call__(self, calls):
        logits = nn.Dense(self.cars, name="score")(calls)  # (n_calls, cars)
        load = self.variable("dispatch", "load", jnp.zeros, (self.cars,))

        def sweep(i, carry):
            assigned, current = carry
            share = jax.nn.softmax(logits - current, axis=-1)
            return assigned + share, current + share.sum(axis=0)

        assigned, final_load = lax.fori_loop(
            0, self.sweeps, sweep, (jnp.zeros_like(logits), load.value))
        load.value = final_load
        return assigned / self.sweeps


class DispatchController:
    def __init__(self, policy, variables):
        self.policy = policy
        self.variables = variables

    def assign(self, calls):
        assigned, updates = self.policy.apply(self.variables, calls, mutable=["dispatch"])
        self.variables = {**self.variables, **updates}
        return jnp.argmax(assigned, axis=-1)


def main():
    calls = jax.random.normal(jax.random.key(0), (10, 5))
    policy = DispatchPolicy()
    variables = policy.init(jax.random.key(1), calls)
    controller = DispatchController(policy, variables)
    controller.assign(calls)
    controller.assign(calls + 1.0)
    return None
