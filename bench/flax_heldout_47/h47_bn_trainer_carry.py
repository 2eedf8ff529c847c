# label: ok
# flax-error: none
# class: 3 the step function built by make_train_step applies BatchNorm with mutable=["batch_stats"] and returns the new statistics through has_aux into the scan carry
"""A small trainer framework: an abstract base trainer whose subclass supplies the loss."""
import abc
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.lax import scan


class ConvNetLite(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(2)(x)


@dataclasses.dataclass
class TrainState:
    params: dict
    batch_stats: dict
    opt_state: optax.OptState


class BaseTrainer(abc.ABC):
    def __init__(self, model, tx):
        self.model = model
        self.tx = tx

    @abc.abstractmethod
    def loss(self, params, batch_stats, batch):
        ...

    def make_train_step(self):
        tx = self.tx
        loss = self.loss

        def train_step(carry, batch):
            params, batch_stats, opt_state = carry
            (value, batch_stats), grads = jax.value_and_grad(loss, has_aux=True)(params, batch_stats, batch)
            updates, opt_state = tx.update(grads, opt_state, params)
            params = optax.apply_updates(params, updates)
            return (params, batch_stats, opt_state), value

        return train_step

    def fit(self, state: TrainState, batches):
        step = self.make_train_step()
        (params, stats, opt), losses = scan(step, (state.params, state.batch_stats, state.opt_state), batches)
        return TrainState(params, stats, opt), losses


class ClassifierTrainer(BaseTrainer):
    def loss(self, params, batch_stats, batch):
        x, y = batch
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        value = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return value, updates["batch_stats"]


def main():
    model = ConvNetLite()
    x = jnp.ones((4, 6))
    variables = model.init(jax.random.key(0), x, train=False)
    tx = optax.adam(1e-3)
    state = TrainState(variables["params"], variables["batch_stats"], tx.init(variables["params"]))
    batches = (jnp.ones((5, 4, 6)), jnp.zeros((5, 4), jnp.int32))
    trainer = ClassifierTrainer(model, tx)
    _, losses = trainer.fit(state, batches)
    losses.block_until_ready()
    return None
