# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 160 (640 B)
# class: 4 a trainer's fori_loop body calls a functools.partial of a module-level train_step that runs nnx.value_and_grad on the model and updates the nnx.Optimizer
"""Session-based next-item recommendation (attention-pooled session encoder).

Each training example is the last few items a user clicked; the model scores the whole
catalogue for the next click. The trainer takes several optimizer steps per fetched block.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class RecConfig:
    items: int = 20
    dim: int = 8
    session_len: int = 4
    lr: float = 0.05
    inner_steps: int = 3


class SessionEncoder(nnx.Module):
    def __init__(self, cfg: RecConfig, rngs: nnx.Rngs):
        self.items = nnx.Embed(cfg.items, cfg.dim, rngs=rngs)
        self.query = nnx.Linear(cfg.dim, cfg.dim, rngs=rngs)
        self.position = nnx.Param(0.01 * jnp.arange(cfg.session_len, dtype=jnp.float32))

    def __call__(self, sessions):
        e = self.items(sessions)
        q = self.query(e[:, -1])
        w = jax.nn.softmax(jnp.einsum("bd,btd->bt", q, e) + self.position[...], axis=-1)
        pooled = jnp.einsum("bt,btd->bd", w, e)
        return self.items.attend(pooled)


def next_item_loss(model, sessions, targets):
    logits = model(sessions)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()


def train_step(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(next_item_loss)(model, *batch)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, cfg: RecConfig, seed=0):
        self.cfg = cfg
        self.model = SessionEncoder(cfg, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.lr), wrt=nnx.Param)

    def fit_block(self, sessions, targets):
        step = functools.partial(train_step, self.model, self.optimizer)

        def body(i, total):
            return total + step((sessions, targets))

        return jax.lax.fori_loop(0, self.cfg.inner_steps, body, jnp.zeros(())) / self.cfg.inner_steps


def main():
    cfg = RecConfig()
    trainer = Trainer(cfg)
    sessions = (jnp.arange(6 * cfg.session_len).reshape(6, cfg.session_len) * 7) % cfg.items
    targets = (sessions[:, -1] + 1) % cfg.items
    mean_loss = trainer.fit_block(sessions, targets)
    print("mean loss over block", float(mean_loss))
    return None
