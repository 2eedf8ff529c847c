# label: ok
# flax-error: none
# class: 2 NNX training loop written with nnx.scan: model and optimizer are the carry, batches the scanned axis
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.bn(self.l1(x))))


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
def train_steps(carry, batch):
    model, optimizer = carry
    x, y = batch
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return (model, optimizer), loss


def main():
    model = Classifier(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 16, 4))
    ys = jax.random.randint(jax.random.PRNGKey(2), (6, 16), 0, 3)
    model.train()
    (model, optimizer), losses = train_steps((model, optimizer), (xs, ys))
    model.eval()
    print(losses, model(xs[0]).shape)
    return None
