# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 3 an epoch loop as a raw scan whose body calls a module-level train step helper with the outside model and optimizer and the batch unpacked (`*batch`)
import jax
import jax.numpy as jnp
import optax
from flax import nnx

def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)

def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss

def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    def epoch_body(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry + loss, loss
    jax.lax.scan(epoch_body, jnp.zeros(()), (jnp.ones((5, 8, 3)), jnp.ones((5, 8, 1))))
