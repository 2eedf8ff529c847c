# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 24 (96 B)
# class: 4 Trainer.state.model and Trainer.state.optimizer (an nnx.Optimizer) are differentiated and updated inside the scan body
"""Library book demand: a loan-demand model per title category is fine-tuned every night on
the day's circulation; the trainer scans over the day's mini-batches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    n_features: int = 6
    hidden: int = 24
    lr: float = 3e-3
    batches: int = 5
    batch_size: int = 16


class LoanDemandModel(nnx.Module):
    def __init__(self, cfg: TrainConfig, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(cfg.n_features, cfg.hidden, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.relu(self.body(x)))).squeeze(-1)


@dataclasses.dataclass
class TrainState:
    model: LoanDemandModel
    optimizer: nnx.Optimizer


def poisson_loss(model, x, loans):
    rate = model(x) + 1e-6
    return jnp.mean(rate - loans * jnp.log(rate))


class Trainer:
    def __init__(self, cfg: TrainConfig, seed=0):
        model = LoanDemandModel(cfg, rngs=nnx.Rngs(seed))
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param))

    def nightly_update(self, xs, loans):
        state = self.state

        def body(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(poisson_loss)(state.model, x, y)
            state.optimizer.update(state.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(body, None, (xs, loans))
        return losses


def main():
    cfg = TrainConfig()
    trainer = Trainer(cfg)
    xs = jax.random.normal(jax.random.key(1), (cfg.batches, cfg.batch_size, cfg.n_features))
    loans = jax.random.poisson(jax.random.key(2), 3.0, (cfg.batches, cfg.batch_size)).astype(jnp.float32)
    losses = trainer.nightly_update(xs, loans)
    jax.block_until_ready(losses)
    return None
