# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 bn_update helper receives the model and scans batches with lax.scan, calling apply in train mode without mutable
"""SWAG: after sampling weights from the SWA Gaussian, recompute BatchNorm statistics on training data."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ResBlockNet(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.0)(h)
        return nn.Dense(10)(nn.relu(h) + h)


def sample_swag(key, mean, sq_mean, scale=0.5):
    var = jax.tree.map(lambda m, s: jnp.clip(s - m ** 2, 1e-8), mean, sq_mean)
    leaves, treedef = jax.tree.flatten(mean)
    keys = jax.random.split(key, len(leaves))
    noise = [jax.random.normal(k, l.shape) for k, l in zip(keys, leaves)]
    return jax.tree.map(lambda m, v, n: m + scale * jnp.sqrt(v) * n, mean, var,
                        jax.tree.unflatten(treedef, noise))


def bn_update(model, params, batch_stats, batches):
    def body(stats, batch):
        model.apply({"params": params, "batch_stats": stats}, batch, train=True)
        return stats, None

    stats, _ = lax.scan(body, batch_stats, batches)
    return stats


def main():
    model = ResBlockNet()
    batches = jax.random.normal(jax.random.key(0), (4, 8, 5))
    variables = model.init(jax.random.key(1), batches[0])
    sq = jax.tree.map(lambda p: p ** 2 + 0.01, variables["params"])
    params = sample_swag(jax.random.key(2), variables["params"], sq)
    bn_update(model, params, variables["batch_stats"], batches)
    return None
