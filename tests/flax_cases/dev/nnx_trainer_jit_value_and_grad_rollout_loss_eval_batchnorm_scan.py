# label: ok
# flax-error: none
# class: 4 a trainer's model (an nnx.BatchNorm with use_running_average=True) goes through an `@nnx.jit` train step into `nnx.value_and_grad(rollout_loss)(model, clip)`, whose module-level loss scans `model.step` with jax.lax.scan
"""A video-frame predictor, its BatchNorm using running averages, trained by a jitted step: the
module-level loss rolls the predictor over each clip with jax.lax.scan and the step updates it
with nnx.value_and_grad and an optax optimizer, over two clips."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Predictor(nnx.Module):
    def __init__(self, rngs):
        self.norm = nnx.BatchNorm(4, use_running_average=True, rngs=rngs)
        self.out = nnx.Linear(4, 4, rngs=rngs)

    def step(self, frame):
        return self.out(self.norm(frame))


def rollout_loss(model, clip):
    def body(frame, target):
        pred = model.step(frame)
        return pred, jnp.mean((pred - target) ** 2)
    return jax.lax.scan(body, clip[0], clip[1:])[1].mean()


@nnx.jit
def train_step(model, optimizer, clip):
    loss, grads = nnx.value_and_grad(rollout_loss)(model, clip)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self):
        self.model = Predictor(nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-3), wrt=nnx.Param)

    def fit(self, clips):
        return [train_step(self.model, self.optimizer, clip) for clip in clips]


def main():
    losses = Trainer().fit(jnp.ones((2, 3, 2, 4)))
    jax.tree.map(lambda a: a + 0, losses)
