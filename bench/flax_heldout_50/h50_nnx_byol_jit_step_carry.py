# label: ok
# flax-error: none
# class: 5 an @nnx.jit train_step is called from a raw scan body on the model and optimizer carried by scan; the original model is updated after
"""BYOL pretraining: several nnx.jit train steps fused into one lax.scan over pre-augmented view pairs."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.l1 = nnx.Linear(din, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class BYOL(nnx.Module):
    def __init__(self, din, dim, rngs: nnx.Rngs):
        self.online = MLP(din, dim, rngs)
        self.predictor = nnx.Linear(dim, dim, rngs=rngs)
        self.target = MLP(din, dim, rngs)


def regression_loss(p, z):
    p = p / jnp.linalg.norm(p, axis=-1, keepdims=True)
    z = z / jnp.linalg.norm(z, axis=-1, keepdims=True)
    return 2 - 2 * (p * z).sum(-1).mean()


@nnx.jit
def train_step(model, optimizer, v1, v2, tau=0.99):
    def loss_fn(model):
        p1, p2 = model.predictor(model.online(v1)), model.predictor(model.online(v2))
        z1, z2 = jax.lax.stop_gradient(model.target(v1)), jax.lax.stop_gradient(model.target(v2))
        return regression_loss(p1, z2) + regression_loss(p2, z1)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    ema = jax.tree.map(lambda t, o: tau * t + (1 - tau) * o,
                       nnx.state(model.target, nnx.Param), nnx.state(model.online, nnx.Param))
    nnx.update(model.target, ema)
    return loss


def pretrain(model, optimizer, views):
    def body(carry, pair):
        model, optimizer = carry
        loss = train_step(model, optimizer, *pair)
        return (model, optimizer), loss

    (new_model, new_optimizer), losses = jax.lax.scan(body, (model, optimizer), views)
    nnx.update(model, nnx.state(new_model))
    nnx.update(optimizer, nnx.state(new_optimizer))
    return losses


def main():
    model = BYOL(16, 32, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    x = jax.random.normal(jax.random.key(1), (4, 8, 16))
    views = (x + 0.1 * jax.random.normal(jax.random.key(2), x.shape), x * 0.9)
    pretrain(model, optimizer, views)
    return None
