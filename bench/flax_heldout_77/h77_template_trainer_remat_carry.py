# label: ok
# flax-error: none
# class: 5 the "counters" collection rides in the jax.checkpoint-wrapped raw lax.scan carry; the template forward applies with mutable=["counters"] and returns the new counters
"""Base trainer with template methods; the subclass supplies the model and the loss."""
import abc

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax


class CountingMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        calls = self.variable("counters", "calls", lambda: jnp.zeros((), jnp.int32))
        calls.value += 1
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))


class BaseTrainer(abc.ABC):
    def __init__(self, lr=1e-2):
        self.model = self.build_model()
        self.tx = optax.sgd(lr)

    @abc.abstractmethod
    def build_model(self) -> nn.Module: ...

    @abc.abstractmethod
    def loss(self, preds, batch): ...

    def forward(self, variables, x):
        preds, updates = self.model.apply(variables, x, mutable=["counters"])
        return preds, updates["counters"]

    def fit(self, batches):
        variables = self.model.init(jax.random.key(0), batches[0][0])
        params, counters = variables["params"], variables["counters"]
        opt_state = self.tx.init(params)

        @jax.checkpoint
        def train_step(carry, batch):
            params, opt_state, counters = carry

            def loss_fn(p):
                preds, new_counters = self.forward({"params": p, "counters": counters}, batch[0])
                return self.loss(preds, batch), new_counters

            (loss, counters), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
            updates, opt_state = self.tx.update(grads, opt_state)
            return (optax.apply_updates(params, updates), opt_state, counters), loss

        (params, _, counters), losses = lax.scan(train_step, (params, opt_state, counters), batches)
        return params, counters, losses


class RegressionTrainer(BaseTrainer):
    def build_model(self):
        return CountingMLP()

    def loss(self, preds, batch):
        return jnp.mean((preds[..., 0] - batch[1]) ** 2)


def main():
    x = jax.random.normal(jax.random.key(1), (6, 8, 3))
    batches = (x, x.sum(-1))
    RegressionTrainer().fit(batches)
    return None
