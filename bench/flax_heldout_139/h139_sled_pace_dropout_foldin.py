# label: ok
# flax-error: none
# class: 3 PaceUncertainty.sample's scan body applies the model with rngs={"dropout": fold_in(self.dropout_key, step)}, a fresh key per sample from the estimator's attribute
"""Dog-sled racing: Monte-Carlo dropout estimate of a team's pace on the next checkpoint leg.

The race-operations service asks for a spread of pace predictions for each leg so that the
checkpoint volunteers know how wide the arrival window is.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PacePredictor(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, leg, *, deterministic: bool):
        h = nn.relu(nn.Dense(self.hidden)(leg))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[..., 0]  # minutes per km


@dataclass
class PaceUncertainty:
    model: PacePredictor
    variables: dict
    dropout_key: jax.Array
    n_samples: int = 8

    def sample(self, leg):
        def draw(carry, step):
            pace = self.model.apply(
                self.variables, leg, deterministic=False, rngs={"dropout": jax.random.fold_in(self.dropout_key, step)}
            )
            return carry, pace

        _, paces = lax.scan(draw, None, jnp.arange(self.n_samples))
        return paces  # [n_samples, teams]


def main():
    # features per team: distance, climb, snow depth, dogs in harness, rest hours
    legs = jax.random.uniform(jax.random.key(11), (4, 5))
    model = PacePredictor()
    variables = model.init(jax.random.key(0), legs, deterministic=True)
    estimator = PaceUncertainty(model, variables, dropout_key=jax.random.key(42))
    paces = estimator.sample(legs)
    print("pace spread per team", jnp.std(paces, axis=0))
    return paces


if __name__ == "__main__":
    main()
