# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the RerankTrainer's model and nnx.Optimizer attributes are differentiated and updated inside the lax.fori_loop body
"""Podcast recommendation reranker: fine-tunes the reranking head online on the listening
sessions of the last hour, one minibatch per step."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


@dataclass(frozen=True)
class TunerConfig:
    feat_dim: int = 8
    hidden: int = 16
    n_steps: int = 5
    batch: int = 12
    lr: float = 1e-2


class Reranker(nnx.Module):
    def __init__(self, cfg: TunerConfig, rngs: nnx.Rngs):
        self.body = nnx.Linear(cfg.feat_dim, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, feats):
        return self.out(nnx.relu(self.body(feats))).squeeze(-1)


def listen_loss(model: Reranker, feats, completed):
    return optax.sigmoid_binary_cross_entropy(model(feats), completed).mean()


class RerankTrainer:
    def __init__(self, model: Reranker, cfg: TunerConfig):
        self.cfg = cfg
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param)

    def fit(self, feats, completed):
        def step(i, total):
            loss, grads = nnx.value_and_grad(listen_loss)(self.model, feats[i], completed[i])
            self.optimizer.update(self.model, grads)
            return total + loss

        return lax.fori_loop(0, self.cfg.n_steps, step, 0.0)


def main():
    cfg = TunerConfig()
    trainer = RerankTrainer(Reranker(cfg, nnx.Rngs(0)), cfg)
    feats = jax.random.normal(jax.random.key(1), (cfg.n_steps, cfg.batch, cfg.feat_dim))
    completed = (feats[..., 0] > 0).astype(jnp.float32)
    total = trainer.fit(feats, completed)
    print(float(total))
    return None
