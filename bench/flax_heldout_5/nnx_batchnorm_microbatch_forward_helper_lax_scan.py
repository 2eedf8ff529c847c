# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NNX MLP with BatchNorm in train mode; the raw lax.scan body over micro-batches calls model.forward, a helper method that runs the BatchNorm
"""Micro-batched evaluation of a training loss in NNX. The model is in train mode
(BatchNorm updates its running statistics on every call); the scan body goes through a
helper method, forward(), rather than calling the model directly."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.bn = nnx.BatchNorm(dhidden, momentum=0.9, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def forward(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))

    def __call__(self, x):
        return self.forward(x)


def microbatch_loss(model, xs, ys):
    def body(total, batch):
        x, y = batch
        logits = model.forward(x)
        return total + jnp.mean(softmax_xent(logits, y)), None

    total, _ = jax.lax.scan(body, 0.0, (xs, ys))
    return total / xs.shape[0]


def softmax_xent(logits, labels):
    return -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[..., None], -1)[..., 0]


def main():
    model = MLP(6, 16, 3, rngs=nnx.Rngs(0))
    model.train()
    xs = jax.random.normal(jax.random.PRNGKey(1), (3, 4, 6))
    ys = jnp.zeros((3, 4), jnp.int32)
    loss = microbatch_loss(model, xs, ys)
    assert loss.shape == ()
    return None
