# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a pinned zoo entry hands out an apply closure (registry -> entry -> factory) used inside a jax.checkpoint-wrapped scan body
"""Model zoo with version pinning: entries are registered by name and version, the rematerialised
image-quality backbone is fetched by pin and fine-tuned over micro-batches with a checkpointed
scan body."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

lax = jax.lax

_REGISTRY = {}


def register(name, version):
    def deco(factory):
        _REGISTRY[(name, version)] = factory
        return factory
    return deco


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.relu(x)


class QualityNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.remat(Block, static_argnums=(2,))()(x, train)
        return nn.Dense(1)(x)[..., 0]


@register("iq-backbone", "1.2.0")
def _iq_backbone_v1_2():
    return QualityNet()


class ZooEntry:
    def __init__(self, name, version):
        self.module = _REGISTRY[(name, version)]()
        self.variables = self.module.init(jax.random.key(0), jnp.zeros((2, 12)), train=False)

    def loss_fn(self):
        def loss(params, x, y):
            pred = self.module.apply({**self.variables, "params": params}, x)
            return jnp.mean((pred - y) ** 2)
        return loss


def finetune(entry: ZooEntry, xs, ys, lr=1e-2):
    tx = optax.adam(lr)
    loss = entry.loss_fn()

    @jax.checkpoint
    def body(carry, batch):
        params, opt_state = carry
        l, g = jax.value_and_grad(loss)(params, *batch)
        upd, opt_state = tx.update(g, opt_state, params)
        return (optax.apply_updates(params, upd), opt_state), l

    params = entry.variables["params"]
    return lax.scan(body, (params, tx.init(params)), (xs, ys))


def main():
    entry = ZooEntry("iq-backbone", "1.2.0")
    xs = jax.random.normal(jax.random.key(1), (4, 8, 12))
    ys = jax.random.uniform(jax.random.key(2), (4, 8))
    jax.block_until_ready(finetune(entry, xs, ys))
    return None
