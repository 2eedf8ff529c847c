# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 make_train_step() returns an nnx.jit step; Trainer stores it and its raw scan body calls it on the outside self.model/self.optimizer
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Encoder(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, 4, rngs=rngs)
        self.norm = nnx.LayerNorm(4, rngs=rngs)
        self.cls = nnx.Linear(4, 2, rngs=rngs)

    def __call__(self, x):
        return self.cls(self.norm(nnx.gelu(self.proj(x))))


def make_train_step(label_smoothing=0.0):
    def loss_fn(model, x, y):
        logits = model(x)
        labels = optax.smooth_labels(jax.nn.one_hot(y, 2), label_smoothing)
        return optax.softmax_cross_entropy(logits, labels).mean()

    @nnx.jit
    def train_step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return loss

    return train_step


class Trainer:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.step_fn = make_train_step(0.1)

    def run(self, xs, ys):
        def body(carry, batch):
            loss = self.step_fn(self.model, self.optimizer, *batch)
            return carry, loss

        _, losses = jax.lax.scan(body, None, (xs, ys))
        return losses


def main():
    trainer = Trainer(Encoder(3, rngs=nnx.Rngs(0)), optax.adamw(1e-3))
    xs = jnp.linspace(0.0, 1.0, 3 * 4 * 3).reshape(3, 4, 3)
    ys = jnp.array([[0, 1, 0, 1], [1, 1, 0, 0], [0, 0, 1, 1]])
    trainer.run(xs, ys)
    return None
