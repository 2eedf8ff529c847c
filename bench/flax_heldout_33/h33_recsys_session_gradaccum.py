# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/tower/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the jitted train_step's scan body calls a loss closure from make_loss_fn(), which applies the model with train=True using batch_stats captured from the outer TrainState
"""Session-based next-item recommender (last-item + mean-pooled session encoder) with BatchNorm on item towers.

Training accumulates gradients over micro-batches with a scan so that the
effective batch is larger than what fits on the device.
"""
import dataclasses
import functools
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax import struct


@dataclasses.dataclass(frozen=True)
class RecConfig:
    n_items: int = 40
    emb: int = 16
    hidden: int = 16
    micro_batches: int = 4
    micro_batch_size: int = 3
    session_len: int = 5


class ItemTower(nn.Module):
    emb: int

    @nn.compact
    def __call__(self, item_emb, train):
        h = nn.Dense(self.emb)(item_emb)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.relu(h)


class SessionRecommender(nn.Module):
    cfg: RecConfig

    @nn.compact
    def __call__(self, sessions, train: bool = False):
        c = self.cfg
        table = nn.Embed(c.n_items, c.emb, name="items")
        tower = ItemTower(c.emb, name="tower")
        x = tower(table(sessions), train)                    # (b, t, emb)
        h = nn.Dense(c.hidden, name="session_proj")(jnp.concatenate([x[:, -1], x.mean(1)], -1))
        scores = h @ tower(table.embedding, train).T          # (b, n_items)
        return scores


class TrainState(struct.PyTreeNode):
    params: Any
    batch_stats: Any
    opt_state: Any
    apply_fn: Any = struct.field(pytree_node=False)
    tx: Any = struct.field(pytree_node=False)


def make_loss_fn(state: TrainState):
    def loss_fn(params, sessions, targets):
        scores = state.apply_fn({"params": params, "batch_stats": state.batch_stats}, sessions, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(scores, targets).mean()
    return loss_fn


@functools.partial(jax.jit, static_argnames=("n_micro",))
def train_step(state: TrainState, sessions, targets, n_micro):
    loss_fn = make_loss_fn(state)
    grad_fn = jax.value_and_grad(loss_fn)
    micro = jax.tree.map(lambda a: a.reshape(n_micro, -1, *a.shape[1:]), (sessions, targets))

    def accumulate(carry, mb):
        loss_sum, grad_sum = carry
        loss, grads = grad_fn(state.params, *mb)
        return (loss_sum + loss, jax.tree.map(jnp.add, grad_sum, grads)), None

    zeros = jax.tree.map(jnp.zeros_like, state.params)
    (loss, grads), _ = jax.lax.scan(accumulate, (0.0, zeros), micro)
    grads = jax.tree.map(lambda g: g / n_micro, grads)
    updates, opt_state = state.tx.update(grads, state.opt_state, state.params)
    return state.replace(params=optax.apply_updates(state.params, updates), opt_state=opt_state), loss / n_micro


def main():
    cfg = RecConfig()
    model = SessionRecommender(cfg)
    n = cfg.micro_batches * cfg.micro_batch_size
    sessions = jax.random.randint(jax.random.PRNGKey(1), (n, cfg.session_len), 0, cfg.n_items)
    targets = jax.random.randint(jax.random.PRNGKey(2), (n,), 0, cfg.n_items)
    variables = model.init(jax.random.PRNGKey(0), sessions[:2])
    tx = optax.adam(1e-3)
    state = TrainState(params=variables["params"], batch_stats=variables["batch_stats"],
                       opt_state=tx.init(variables["params"]), apply_fn=model.apply, tx=tx)
    for _ in range(2):
        state, loss = train_step(state, sessions, targets, cfg.micro_batches)
    float(loss)
    return None
