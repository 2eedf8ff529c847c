# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 batch_stats reach the scan body through Trainer.state -> TabularModel.apply inside a step built by make_epoch_fn
"""Tabular regression trainer: a feature pipeline standardises and one-hot encodes columns, a
TabularMLP with BatchNorm is trained epoch by epoch with lax.scan over minibatches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


@dataclasses.dataclass
class FeaturePipeline:
    num_means: jnp.ndarray
    num_stds: jnp.ndarray
    n_categories: int

    def transform(self, numeric, categorical):
        scaled = (numeric - self.num_means) / self.num_stds
        onehot = jax.nn.one_hot(categorical, self.n_categories)
        return jnp.concatenate([scaled, onehot], axis=-1)


class TabularMLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)[..., 0]


@dataclasses.dataclass
class TrainState:
    params: dict
    batch_stats: dict
    opt_state: optax.OptState


class Trainer:
    def __init__(self, model, pipeline, tx):
        self.model = model
        self.pipeline = pipeline
        self.tx = tx
        self.state = None

    def init(self, key, numeric, categorical):
        feats = self.pipeline.transform(numeric, categorical)
        variables = self.model.init(key, feats, train=False)
        self.state = TrainState(variables["params"], variables["batch_stats"],
                                self.tx.init(variables["params"]))

    def make_epoch_fn(self):
        def loss_fn(params, feats, target):
            variables = {"params": params, "batch_stats": self.state.batch_stats}
            pred = self.model.apply(variables, feats, train=True)
            return jnp.mean((pred - target) ** 2)

        def step(carry, batch):
            params, opt_state = carry
            numeric, categorical, target = batch
            feats = self.pipeline.transform(numeric, categorical)
            loss, grads = jax.value_and_grad(loss_fn)(params, feats, target)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        def run_epoch(batches):
            (params, opt_state), losses = lax.scan(
                step, (self.state.params, self.state.opt_state), batches)
            self.state = TrainState(params, self.state.batch_stats, opt_state)
            return losses

        return run_epoch


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    numeric = jax.random.normal(k1, (4, 16, 3))
    categorical = jax.random.randint(k2, (4, 16), 0, 5)
    target = numeric.sum(-1)
    pipeline = FeaturePipeline(jnp.zeros(3), jnp.ones(3), 5)
    trainer = Trainer(TabularMLP(), pipeline, optax.adam(1e-2))
    trainer.init(k3, numeric[0], categorical[0])
    run_epoch = trainer.make_epoch_fn()
    run_epoch((numeric, categorical, target))
    return None
