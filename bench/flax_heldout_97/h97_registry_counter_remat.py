# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat()/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 registry builds nn.remat(model class); apply without mutable batch_stats runs in a fori_loop body
"""Model registry returning rematerialised Linen models for a fleet telemetry smoother."""
import jax
import jax.numpy as jnp
from flax import linen as nn

_REGISTRY = {}


def register(name):
    def deco(cls):
        _REGISTRY[name] = cls
        return cls
    return deco


@register("telemetry_smoother")
class TelemetrySmoother(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(6)(x)
        h = nn.BatchNorm(use_running_average=False, axis_name=None)(h)
        return x + nn.Dense(x.shape[-1])(nn.relu(h))


def build(name, remat=True):
    cls = _REGISTRY[name]
    return (nn.remat(cls) if remat else cls)()


def smooth(model, variables, x, n_passes):
    def body(i, y):
        return model.apply(variables, y)

    return jax.lax.fori_loop(0, n_passes, body, x)


def main():
    model = build("telemetry_smoother")
    x = jnp.ones((5, 4)) * jnp.arange(4.0)
    variables = model.init(jax.random.PRNGKey(0), x)
    smooth(model, variables, x, 3).block_until_ready()
    return None
