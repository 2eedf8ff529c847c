# label: ok
# flax-error: none
# class: 4 make_train_step() returns an nnx.jit step; Trainer stores it and its raw scan body calls it on model/optimizer merged from state carried through the loop
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.step_fn(model, optimizer, *batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    trainer = Trainer(Encoder(3, rngs=nnx.Rngs(0)), optax.adamw(1e-3))
    xs = jnp.linspace(0.0, 1.0, 3 * 4 * 3).reshape(3, 4, 3)
    ys = jnp.array([[0, 1, 0, 1], [1, 1, 0, 0], [0, 0, 1, 1]])
    trainer.run(xs, ys)
    return None
