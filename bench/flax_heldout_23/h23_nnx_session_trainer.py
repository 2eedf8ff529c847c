# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Trainer.train_epoch runs fori_loop over minibatches; the body's _step method calls the held nnx.Optimizer.update
"""Next-item prediction for session-based recommendation.

A session is encoded as a position-weighted sum of item embeddings followed
by a projection; items are scored against the tied embedding table.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SessionConfig:
    n_items: int = 50
    dim: int = 16
    max_len: int = 5
    lr: float = 1e-2


class SessionModel(nnx.Module):
    def __init__(self, cfg: SessionConfig, rngs: nnx.Rngs):
        self.items = nnx.Embed(cfg.n_items, cfg.dim, rngs=rngs)
        self.pos = nnx.Param(jnp.linspace(0.5, 1.0, cfg.max_len))
        self.proj = nnx.Linear(cfg.dim, cfg.dim, rngs=rngs)

    def __call__(self, sessions):
        e = self.items(sessions) * self.pos[...][:, None]
        return self.items.attend(jnp.tanh(self.proj(e.sum(1))))


class Trainer:
    def __init__(self, cfg, model):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param)
        self.graphdef = nnx.graphdef(model)

    def _pure_loss(self, params, sessions, targets):
        logits = nnx.merge(self.graphdef, params)(sessions)
        return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

    def _step(self, sessions, targets):
        params = nnx.state(self.model, nnx.Param)
        loss, grads = jax.value_and_grad(self._pure_loss)(params, sessions, targets)
        self.optimizer.update(self.model, grads)
        return loss

    def train_epoch(self, sessions, targets):
        def body(i, total):
            return total + self._step(sessions[i], targets[i])
        return jax.lax.fori_loop(0, sessions.shape[0], body, 0.0) / sessions.shape[0]


def main():
    cfg = SessionConfig()
    k1, k2 = jax.random.split(jax.random.key(0))
    sessions = jax.random.randint(k1, (4, 8, cfg.max_len), 0, cfg.n_items)
    targets = jax.random.randint(k2, (4, 8), 0, cfg.n_items)
    trainer = Trainer(cfg, SessionModel(cfg, nnx.Rngs(1)))
    loss = trainer.train_epoch(sessions, targets)
    float(loss)
    return None
