# label: ok
# flax-error: none
# class: 3 a featurizer object holds model.bind(variables, mutable=['batch_stats']); its helper calls the bound module in evaluation mode from the scan body, and the statistics are read after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn


class SpectrogramEncoder(nn.Module):
    features: int = 5

    @nn.compact
    def __call__(self, window, training: bool = False):
        h = nn.Dense(self.features)(window)
        return nn.gelu(nn.BatchNorm(use_running_average=not training, momentum=0.9)(h))


class Featurizer:
    def __init__(self, model, variables, training):
        self.bound = model.bind(variables, mutable=["batch_stats"])
        self.training = training

    def _featurize(self, window):
        return self.bound(window, training=False)

    def stream(self, windows):
        def body(total, window):
            z = self._featurize(window)
            return total + z.mean(0), z
        return jax.lax.scan(body, jnp.zeros(5), windows)

    def statistics(self):
        return self.bound.unbind()[1]["batch_stats"]


def main():
    windows = jax.random.normal(jax.random.key(0), (6, 3, 8))
    model = SpectrogramEncoder()
    variables = model.init(jax.random.key(1), windows[0])
    featurizer = Featurizer(model, variables, training=True)
    featurizer.stream(windows)
    stats = featurizer.statistics()
    print(float(stats["BatchNorm_0"]["mean"].sum() + 1.0))
    return None
