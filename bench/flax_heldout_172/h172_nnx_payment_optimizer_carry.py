# label: ok
# flax-error: none
# class: 4 RouteTrainer.model and RouteTrainer.optimizer are split before the scan; their state travels in the carry, is merged inside the body and nnx.update writes it back after the loop
"""Payment routing optimiser: fits an approval-probability model per acquirer route on a stream
of settled payments, so the router can prefer routes that approve more often."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclass(frozen=True)
class RouteConfig:
    n_features: int = 6  # amount, card tier, issuer region, hour, retry count, 3DS
    n_routes: int = 3
    learning_rate: float = 0.05


class ApprovalModel(nnx.Module):
    def __init__(self, cfg: RouteConfig, rngs: nnx.Rngs):
        self.proj = nnx.Linear(cfg.n_features, cfg.n_routes, rngs=rngs)

    def __call__(self, x):
        return self.proj(x)


def approval_loss(model, feats, approved):
    logits = model(feats)
    return optax.sigmoid_binary_cross_entropy(logits, approved).mean()


class RouteTrainer:
    def __init__(self, cfg: RouteConfig):
        self.model = ApprovalModel(cfg, nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.learning_rate), wrt=nnx.Param)

    def fit(self, feats, approved):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def settle(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(approval_loss)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(settle, state, (feats, approved))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    cfg = RouteConfig()
    trainer = RouteTrainer(cfg)
    feats = jnp.cos(jnp.arange(5 * 8 * 6, dtype=jnp.float32)).reshape(5, 8, 6)
    approved = (jnp.sin(jnp.arange(5 * 8 * 3, dtype=jnp.float32)) > 0).astype(jnp.float32).reshape(5, 8, 3)
    losses = trainer.fit(feats, approved)
    print("losses", losses)
    return None
