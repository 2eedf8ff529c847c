# label: same-values
# flax-error: none
# class: 1 DispatchPolicy.simulate runs the scan itself and calls self.make_rng("explore") inside the body
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

        def assign(carry, _):
            gumbel = jax.random.gumbel(self.make_rng("explore"), logits.shape)
            perturbed = logits + self.temperature * gumbel
            return carry + jax.nn.one_hot(jnp.argmax(perturbed), self.n_cars), perturbed

        load, perturbed = lax.scan(assign, jnp.zeros((self.n_cars,)), None, length=n_calls)
        return perturbed


def main():
    policy = DispatchPolicy()
    hall = jax.random.normal(jax.random.key(0), (10,))
    variables = policy.init(jax.random.key(1), hall)
    return policy.apply(variables, hall, 6, method=DispatchPolicy.simulate,
                        rngs={"explore": jax.random.key(2)})
