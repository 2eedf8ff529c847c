# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 validation callback taken from the trainer's callback list evaluates the model through a stored apply wrapper whose train flag defaults to True, inside while_loop
"""Callback system: the trainer owns a list of callbacks; the validation callback computes a
streaming validation loss with a raw while_loop over the validation batches."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.relu(x))


class Callback:
    def on_epoch_end(self, trainer):
        return None


class ValidationCallback(Callback):
    def __init__(self, val_x, val_y):
        self.val_x, self.val_y = val_x, val_y

    def on_epoch_end(self, trainer):
        n = self.val_x.shape[0]

        def cond(state):
            i, _ = state
            return i < n

        def body(state):
            i, total = state
            pred = trainer.predict(self.val_x[i])
            return i + 1, total + jnp.mean((pred - self.val_y[i]) ** 2)

        _, total = lax.while_loop(cond, body, (0, 0.0))
        return total / n


class Trainer:
    def __init__(self, model, variables, callbacks):
        self.model, self.variables, self.callbacks = model, variables, callbacks

    def predict(self, x, train=True):
        return self.model.apply(self.variables, x, train=train)

    def end_epoch(self):
        return [cb.on_epoch_end(self) for cb in self.callbacks]


def main():
    model = Net()
    x = jnp.ones((4, 3))
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    trainer = Trainer(model, variables, [Callback(), ValidationCallback(jnp.ones((3, 4, 3)), jnp.zeros((3, 4, 1)))])
    trainer.end_epoch()
    return None
