# label: ok
# flax-error: none
# class: 4 the trainer nnx.splits the model, carries params and optax state through the fori_loop, merges inside a partial of the module-level train_step, and nnx.updates after the loop
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


def train_step(graphdef, tx, carry, batch):
    params, opt_state, total = carry

    def loss_fn(p):
        return next_item_loss(nnx.merge(graphdef, p), *batch)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, total + loss


class Trainer:
    def __init__(self, cfg: RecConfig, seed=0):
        self.cfg = cfg
        self.model = SessionEncoder(cfg, nnx.Rngs(seed))
        self.tx = optax.adam(cfg.lr)
        self.opt_state = self.tx.init(nnx.state(self.model, nnx.Param))

    def fit_block(self, sessions, targets):
        graphdef, params = nnx.split(self.model)
        step = functools.partial(train_step, graphdef, self.tx)

        def body(i, carry):
            return step(carry, (sessions, targets))

        carry = (params, self.opt_state, jnp.zeros(()))
        params, self.opt_state, total = jax.lax.fori_loop(0, self.cfg.inner_steps, body, carry)
        nnx.update(self.model, params)
        return total / self.cfg.inner_steps


def main():
    cfg = RecConfig()
    trainer = Trainer(cfg)
    sessions = (jnp.arange(6 * cfg.session_len).reshape(6, cfg.session_len) * 7) % cfg.items
    targets = (sessions[:, -1] + 1) % cfg.items
    mean_loss = trainer.fit_block(sessions, targets)
    print("mean loss over block", float(mean_loss))
    return None
