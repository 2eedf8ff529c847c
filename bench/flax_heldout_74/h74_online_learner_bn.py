# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 service -> trainer -> loss_fn: the scanned update applies a BatchNorm model in train mode without mutable batch_stats
"""Online learning service that adapts a Linen regressor on a stream of mini-batches."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class StreamRegressor(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


class Trainer:
    def __init__(self, model, tx):
        self.model = model
        self.tx = tx

    def loss_fn(self, params, batch_stats, x, y):
        pred = self.model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def update(self, state, batch):
        params, batch_stats, opt_state = state
        x, y = batch
        grads = jax.grad(self.loss_fn)(params, batch_stats, x, y)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), batch_stats, opt_state)


class OnlineLearningService:
    def __init__(self, seed=0):
        self.trainer = Trainer(StreamRegressor(), optax.sgd(1e-2))
        v = self.trainer.model.init(jax.random.PRNGKey(seed), jnp.zeros((1, 4)), train=False)
        self.state = (v["params"], v["batch_stats"], self.trainer.tx.init(v["params"]))

    def consume(self, xs, ys):
        def body(state, batch):
            return self.trainer.update(state, batch), None

        self.state, _ = jax.lax.scan(body, self.state, (xs, ys))


def main():
    service = OnlineLearningService()
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 4))
    ys = xs.sum(-1, keepdims=True)
    service.consume(xs, ys)
    return None
