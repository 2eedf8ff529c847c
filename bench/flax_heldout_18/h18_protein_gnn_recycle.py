# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/trunk/layers_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 train flag passed from the trainer through trunk and layers to BatchNorm, which runs inside the fori_loop recycling body under an immutable apply
"""Protein structure trunk with recycling: pair-biased message passing refined for several cycles."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class TrunkConfig:
    node_dim: int = 16
    edge_dim: int = 4
    num_layers: int = 2
    num_recycle: int = 3


class MessagePassingLayer(nn.Module):
    cfg: TrunkConfig

    @nn.compact
    def __call__(self, nodes, edges, train: bool):
        bias = nn.Dense(1, use_bias=False)(edges)[..., 0]
        attn = jax.nn.softmax(bias, axis=-1)
        msg = nn.Dense(self.cfg.node_dim)(jnp.einsum("bij,bjd->bid", attn, nodes))
        msg = nn.BatchNorm(use_running_average=not train, momentum=0.9)(msg)
        return nodes + nn.gelu(msg)


class Trunk(nn.Module):
    cfg: TrunkConfig

    def setup(self):
        self.layers = [MessagePassingLayer(self.cfg) for _ in range(self.cfg.num_layers)]
        self.recycle_norm = nn.LayerNorm()

    def __call__(self, nodes, edges, prev, train: bool):
        h = nodes + self.recycle_norm(prev)
        for layer in self.layers:
            h = layer(h, edges, train)
        return h


class StructureModel(nn.Module):
    cfg: TrunkConfig

    @nn.compact
    def __call__(self, residues, edges, train: bool = False):
        nodes = nn.Dense(self.cfg.node_dim, name="embed")(residues)
        trunk = Trunk(self.cfg, name="trunk")

        def recycle(i, prev):
            return jax.lax.stop_gradient(trunk(nodes, edges, prev, train))

        prev = jnp.zeros_like(nodes)
        if self.is_initializing():
            prev = recycle(0, prev)
        prev = jax.lax.fori_loop(0, self.cfg.num_recycle, recycle, prev)
        return nn.Dense(3, name="coords")(trunk(nodes, edges, prev, train))


def make_loss_fn(model, train):
    def loss_fn(variables, residues, edges, coords):
        pred = model.apply(variables, residues, edges, train=train)
        return jnp.mean(jnp.sum((pred - coords) ** 2, -1))
    return loss_fn


def main():
    cfg = TrunkConfig()
    model = StructureModel(cfg)
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    residues = jax.random.normal(k1, (2, 10, 20))
    edges = jax.random.normal(k2, (2, 10, 10, cfg.edge_dim))
    coords = jax.random.normal(k3, (2, 10, 3))
    variables = model.init(jax.random.key(1), residues, edges)
    loss_fn = jax.jit(make_loss_fn(model, train=True))
    loss, grads = jax.value_and_grad(loss_fn)(variables, residues, edges, coords)
    return None
