# label: same-values
# flax-error: none
# class: 3 the scan body in McDropoutEstimator.sample applies self.model with self.variables and self.dropout_key, attributes of the estimator
"""Monte Carlo dropout uncertainty for an aqueous-solubility predictor."""

import jax
import jax.numpy as jnp
import flax.linen as lnn

scan = jax.lax.scan


class SolubilityHead(lnn.Module):
    hidden: int = 16
    rate: float = 0.3

    @lnn.compact
    def __call__(self, descriptors, train: bool = False):
        h = lnn.relu(lnn.Dense(self.hidden)(descriptors))
        h = lnn.Dropout(self.rate, deterministic=not train)(h)
        return lnn.Dense(1)(h)[..., 0]


class McDropoutEstimator:
    def __init__(self, model, variables, seed: int, samples: int = 5):
        self.model = model
        self.variables = variables
        self.dropout_key = jax.random.key(seed)
        self.samples = samples

    def sample(self, descriptors):
        def one_pass(_, __):
            pred = self.model.apply(
                self.variables, descriptors, train=True, rngs={"dropout": self.dropout_key}
            )
            return None, pred

        _, preds = scan(one_pass, None, None, length=self.samples)
        return preds

    def summary(self, descriptors):
        preds = self.sample(descriptors)
        return preds, preds.mean(axis=0), preds.std(axis=0)


def main():
    descriptors = jnp.ones((3, 10))
    model = SolubilityHead()
    variables = model.init(jax.random.key(0), descriptors)
    estimator = McDropoutEstimator(model, variables, seed=7)
    preds, _, _ = estimator.summary(descriptors)
    return preds
