# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body in SolubilityFineTuner.warm_up reads and reassigns self.batch_stats, an attribute of the fine-tuner
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

    def _variables(self):
        return {"params": self.params, "batch_stats": self.batch_stats}

    def warm_up(self, assay_batches):
        def absorb(i, seen):
            batch = assay_batches[i]
            _, mutated = self.model.apply(
                self._variables(), batch, train=True, mutable=["batch_stats"]
            )
            self.batch_stats = mutated["batch_stats"]
            return seen + batch.shape[0]

        return lax.fori_loop(0, assay_batches.shape[0], absorb, 0)

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
