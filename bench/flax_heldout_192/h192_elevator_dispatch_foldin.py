# label: ok
# flax-error: none
# class: 1 DispatchPolicy.simulate runs the scan itself; the body folds the call index into self.make_rng("explore")
"""Elevator group control: scores cars for each hall call, with Gumbel exploration during simulation."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CarScorer(nn.Module):
    n_cars: int

    @nn.compact
    def __call__(self, hall_state):
        h = nn.relu(nn.Dense(16)(hall_state))
        return nn.Dense(self.n_cars)(h)


class DispatchPolicy(nn.Module):
    n_cars: int = 4
    temperature: float = 0.5

    def setup(self):
        self.scorer = CarScorer(self.n_cars)

    def __call__(self, hall_state):
        return self.scorer(hall_state)

    def simulate(self, hall_state, n_calls: int):
        logits = self.scorer(hall_state)

        def assign(carry, call_index):
            key = jax.random.fold_in(self.make_rng("explore"), call_index)
            gumbel = jax.random.gumbel(key, logits.shape)
            perturbed = logits + self.temperature * gumbel
            return carry + jax.nn.one_hot(jnp.argmax(perturbed), self.n_cars), perturbed

        load, perturbed = lax.scan(assign, jnp.zeros((self.n_cars,)), jnp.arange(n_calls))
        return perturbed


def main():
    policy = DispatchPolicy()
    hall = jax.random.normal(jax.random.key(0), (10,))
    variables = policy.init(jax.random.key(1), hall)
    return policy.apply(variables, hall, 6, method=DispatchPolicy.simulate,
                        rngs={"explore": jax.random.key(2)})
