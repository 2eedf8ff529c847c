# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body reads and reassigns trainer.batch_stats (the mutated 'batch_stats' collection returned by apply)
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.lax import scan


class MLP(nn.Module):
    hidden: int = 16
    classes: int = 3

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


class Trainer:
    def __init__(self, model, variables, learning_rate=1e-2):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.tx = optax.adam(learning_rate)
        self.opt_state = self.tx.init(self.params)

    def loss_fn(self, params, batch_stats, x, y):
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates

    def train_epoch(self, xs, ys):
        def train_step(carry, batch):
            params, opt_state = carry
            x, y = batch
            (loss, updates), grads = jax.value_and_grad(self.loss_fn, has_aux=True)(
                params, self.batch_stats, x, y
            )
            self.batch_stats = updates["batch_stats"]
            grads, opt_state = self.tx.update(grads, opt_state, params)
            params = optax.apply_updates(params, grads)
            return (params, opt_state), loss

        (self.params, self.opt_state), losses = scan(train_step, (self.params, self.opt_state), (xs, ys))
        return losses

    def evaluate(self, x, y):
        logits = self.model.apply({"params": self.params, "batch_stats": self.batch_stats}, x, train=False)
        return jnp.mean(jnp.argmax(logits, -1) == y)


def main():
    key_x, key_y, key_init = jax.random.split(jax.random.PRNGKey(0), 3)
    xs = jax.random.normal(key_x, (4, 8, 5))
    ys = jax.random.randint(key_y, (4, 8), 0, 3)
    model = MLP()
    variables = model.init(key_init, xs[0], train=False)
    trainer = Trainer(model, variables)
    losses = trainer.train_epoch(xs, ys)
    accuracy = trainer.evaluate(xs[0], ys[0])
    jax.block_until_ready((losses, accuracy))
