# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 sow of gate activations inside a gated block called from the scan body over session items; apply(mutable=['intermediates']) returns them to an analysis helper
"""Session-based recommender: a gated recurrent encoder over item embeddings scores the next item."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class RecConfig:
    num_items: int = 50
    embed_dim: int = 16
    hidden: int = 16


class GatedItemBlock(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, item):
        x = jnp.concatenate([h, item], axis=-1)
        gate = nn.sigmoid(nn.Dense(self.hidden, name="gate")(x))
        self.sow("intermediates", "gate_mean", gate.mean(-1))
        cand = jnp.tanh(nn.Dense(self.hidden, name="cand")(x))
        return gate * h + (1.0 - gate) * cand


class SessionRecommender(nn.Module):
    cfg: RecConfig

    def setup(self):
        self.items = nn.Embed(self.cfg.num_items, self.cfg.embed_dim)
        self.block = GatedItemBlock(self.cfg.hidden)
        self.project = nn.Dense(self.cfg.embed_dim)

    def encode(self, session):
        emb = self.items(session)
        h = self.block(jnp.zeros((session.shape[0], self.cfg.hidden)), emb[:, 0])

        def step(h, item):
            return self.block(h, item), None

        h, _ = jax.lax.scan(step, h, jnp.swapaxes(emb[:, 1:], 0, 1))
        return self.project(h)

    def __call__(self, session):
        user = self.encode(session)
        return user @ self.items.embedding.T


def gate_saturation(intermediates):
    gates = jax.tree.leaves(intermediates)
    return sum(jnp.mean(jnp.abs(g - 0.5)) for g in gates) / len(gates)


def score_batch(model, params, sessions):
    logits, state = model.apply({"params": params}, sessions, mutable=["intermediates"])
    return logits, state["intermediates"]


def main():
    cfg = RecConfig()
    model = SessionRecommender(cfg)
    sessions = jax.random.randint(jax.random.key(0), (4, 7), 0, cfg.num_items)
    params = model.init(jax.random.key(1), sessions)["params"]
    logits, inter = score_batch(model, params, sessions)
    top = jnp.argsort(-logits, axis=-1)[:, :5]
    sat = gate_saturation(inter)
    float(sat)
    return None
