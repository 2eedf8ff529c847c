# label: ok
# flax-error: none
# class: 4 an nnx.jit-compiled predict function runs a raw scan over message-passing rounds whose body calls the model's message_round method read-only
"""Interaction network in NNX: nnx.jit inference with a scan over propagation rounds."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class GNNConfig:
    node_dim: int = 3
    latent: int = 16
    rounds: int = 4


class EdgeModel(nnx.Module):
    def __init__(self, latent, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(2 * latent, latent, rngs=rngs)
        self.fc2 = nnx.Linear(latent, latent, rngs=rngs)

    def __call__(self, src, dst):
        return self.fc2(nnx.relu(self.fc1(jnp.concatenate([src, dst], -1))))


class NodeModel(nnx.Module):
    def __init__(self, latent, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(2 * latent, latent, rngs=rngs)
        self.norm = nnx.LayerNorm(latent, rngs=rngs)

    def __call__(self, h, agg):
        return h + self.norm(nnx.relu(self.fc(jnp.concatenate([h, agg], -1))))


class InteractionNetwork(nnx.Module):
    def __init__(self, cfg: GNNConfig, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(cfg.node_dim, cfg.latent, rngs=rngs)
        self.edge_model = EdgeModel(cfg.latent, rngs=rngs)
        self.node_model = NodeModel(cfg.latent, rngs=rngs)
        self.decoder = nnx.Linear(cfg.latent, cfg.node_dim, rngs=rngs)

    def message_round(self, h, senders, receivers):
        msgs = self.edge_model(h[senders], h[receivers])
        agg = jax.ops.segment_sum(msgs, receivers, num_segments=h.shape[0])
        return self.node_model(h, agg)


@nnx.jit(static_argnums=4)
def predict(model: InteractionNetwork, nodes, senders, receivers, rounds):
    h = model.encoder(nodes)

    def body(h, _):
        return model.message_round(h, senders, receivers), None

    h, _ = jax.lax.scan(body, h, None, length=rounds)
    return nodes + model.decoder(h)


def main():
    cfg = GNNConfig()
    model = InteractionNetwork(cfg, rngs=nnx.Rngs(0))
    nodes = jax.random.normal(jax.random.key(1), (5, cfg.node_dim))
    senders = jnp.array([0, 1, 2, 3, 4, 1])
    receivers = jnp.array([1, 2, 3, 4, 0, 3])
    print(predict(model, nodes, senders, receivers, cfg.rounds))
    return None
