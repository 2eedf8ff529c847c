# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(weave)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 LoomInspector.detector is a forwarding wrapper around model.bind(variables); the fori_loop body calls it with train=True, so the remat'd BatchNorm block updates batch_stats
import jax
import jax.numpy as jnp
from flax import linen as nn


class WeaveBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train):
        x = nn.Conv(self.features, kernel_size=(3,), padding="SAME")(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.gelu(x)


class DefectNet(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, picks, train: bool = False):
        h = nn.remat(WeaveBlock, static_argnums=(2,))(self.features, name="weave")(picks, train)
        return nn.Dense(1, name="defect")(h.mean(axis=-2))[..., 0]


class Traced:
    """Forwards calls to the wrapped predictor and counts them, for the ops dashboard."""

    def __init__(self, inner):
        self.inner = inner
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.inner(*args, **kwargs)


class LoomInspector:
    def __init__(self, model, variables, adapt_statistics=True):
        self.detector = Traced(model.bind(variables))
        self.adapt_statistics = adapt_statistics

    def inspect_bolt(self, segments):
        def body(i, flagged):
            score = self.detector(segments[i], train=self.adapt_statistics)
            return flagged + jnp.sum(score > 0.5)

        return jax.lax.fori_loop(0, segments.shape[0], body, jnp.int32(0))


def main():
    model = DefectNet()
    segments = jax.random.normal(jax.random.key(13), (6, 2, 32, 3))  # segment, shuttle, pick, channel
    variables = model.init(jax.random.key(0), segments[0])
    inspector = LoomInspector(model, variables)
    inspector.inspect_bolt(segments)
    return None
