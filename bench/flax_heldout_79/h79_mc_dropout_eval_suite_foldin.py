# label: ok
# flax-error: none
# class: 3 the dropout key reaches the scan body through EvalSuite -> MCDropoutMetric.key and is folded with the step index
"""Evaluation suite with pluggable metric objects. The MC-dropout uncertainty metric draws T
stochastic forward passes of an nn.remat-wrapped classifier with lax.scan and reports the
per-sample spread; the suite hands every metric the same model wrapper."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Block(nn.Module):
    width: int
    rate: float

    @nn.compact
    def __call__(self, x, deterministic):
        x = nn.relu(nn.Dense(self.width)(x))
        return nn.Dropout(self.rate)(x, deterministic=deterministic)


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic=True):
        x = nn.remat(Block, static_argnums=(2,))(32, 0.3)(x, deterministic)
        return nn.Dense(4)(x)


class ModelWrapper:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def predict(self, x, key=None):
        if key is None:
            return self.model.apply(self.variables, x)
        return self.model.apply(self.variables, x, False, rngs={"dropout": key})


class AccuracyMetric:
    name = "accuracy"

    def __call__(self, wrapper, x, y):
        return (wrapper.predict(x).argmax(-1) == y).mean()


class MCDropoutMetric:
    name = "mc_samples"

    def __init__(self, key, n_samples=6):
        self.key, self.n_samples = key, n_samples

    def __call__(self, wrapper, x, y):
        def sample(carry, i):
            probs = jax.nn.softmax(wrapper.predict(x, jax.random.fold_in(self.key, i)))
            return carry, probs[jnp.arange(y.shape[0]), y]

        _, samples = lax.scan(sample, None, jnp.arange(self.n_samples))
        return samples


class EvalSuite:
    def __init__(self, metrics):
        self.metrics = {m.name: m for m in metrics}

    def run(self, wrapper, x, y):
        return {name: metric(wrapper, x, y) for name, metric in self.metrics.items()}


def main():
    x = jax.random.normal(jax.random.key(0), (8, 10))
    y = jax.random.randint(jax.random.key(1), (8,), 0, 4)
    model = Classifier()
    variables = model.init(jax.random.key(2), x)
    suite = EvalSuite([AccuracyMetric(), MCDropoutMetric(jax.random.key(3))])
    report = suite.run(ModelWrapper(model, variables), x, y)
    return report["mc_samples"]
