# label: ok
# flax-error: none
# class: 4 Trainer keeps nnx.split((model, optimizer)); the state rides in the scan carry, is merged inside the body and written back with nnx.update after the loop
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
        self.graphdef, self.flat = nnx.split((self.state.model, self.state.optimizer))

    def nightly_update(self, xs, loans):
        graphdef = self.graphdef

        def body(flat, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, flat)
            loss, grads = nnx.value_and_grad(poisson_loss)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        self.flat, losses = jax.lax.scan(body, self.flat, (xs, loans))
        nnx.update((self.state.model, self.state.optimizer), self.flat)
        return losses


def main():
    cfg = TrainConfig()
    trainer = Trainer(cfg)
    xs = jax.random.normal(jax.random.key(1), (cfg.batches, cfg.batch_size, cfg.n_features))
    loans = jax.random.poisson(jax.random.key(2), 3.0, (cfg.batches, cfg.batch_size)).astype(jnp.float32)
    losses = trainer.nightly_update(xs, loans)
    jax.block_until_ready((losses, trainer.state.optimizer.step[...]))
    return None
