# label: ok
# flax-error: none
# class: 3 SolubilityFineTuner.warm_up threads self.batch_stats, an attribute of the fine-tuner, through the fori_loop carry and stores the result after the loop
"""Re-estimates BatchNorm statistics of a solubility regressor on a new assay before evaluation."""

import jax
import jax.numpy as jnp
import flax.linen as linen

lax = jax.lax


class DescriptorRegressor(linen.Module):
    hidden: int = 16

    @linen.compact
    def __call__(self, descriptors, train: bool = False):
        h = linen.Dense(self.hidden)(descriptors)
        h = linen.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        h = linen.gelu(h)
        return linen.Dense(1)(h).squeeze(-1)


class SolubilityFineTuner:
    def __init__(self, model: linen.Module, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _variables(self, batch_stats=None):
        stats = self.batch_stats if batch_stats is None else batch_stats
        return {"params": self.params, "batch_stats": stats}

    def warm_up(self, assay_batches):
        def absorb(i, stats):
            _, mutated = self.model.apply(
                self._variables(stats), assay_batches[i], train=True, mutable=["batch_stats"]
            )
            return mutated["batch_stats"]

        self.batch_stats = lax.fori_loop(0, assay_batches.shape[0], absorb, self.batch_stats)
        return assay_batches.shape[0] * assay_batches.shape[1]

    def predict(self, descriptors):
        return self.model.apply(self._variables(), descriptors, train=False)


def synthetic_assay(n_batches=4, batch=8, features=12, seed=0):
    key = jax.random.key(seed)
    return 1.5 + jax.random.normal(key, (n_batches, batch, features))


def main():
    batches = synthetic_assay()
    model = DescriptorRegressor()
    variables = model.init(jax.random.key(1), batches[0], train=False)
    tuner = SolubilityFineTuner(model, variables)
    tuner.warm_up(batches)
    log_s = tuner.predict(batches[-1])
    jax.block_until_ready(log_s)
