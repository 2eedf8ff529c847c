# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an @nnx.jit train step, given the model and optimizer closed over from main, is called from inside a raw scan body
"""Denoising score matching with NNX. train_step is decorated with @nnx.jit and works when
called from Python; to avoid the Python loop the user calls it from a jax.lax.scan body that
closes over the model and the optimizer."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan

STEPS, BATCH, DIM = 6, 64, 2


class ScoreNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(DIM + 1, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, 64, rngs=rngs)
        self.l3 = nnx.Linear(64, DIM, rngs=rngs)

    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.log(sigma)], axis=-1)
        h = nnx.swish(self.l2(nnx.swish(self.l1(h))))
        return self.l3(h) / sigma


@nnx.jit
def train_step(model, optimizer, x, noise, sigma):
    def loss_fn(model):
        score = model(x + sigma * noise, sigma)
        return jnp.mean(jnp.sum((sigma * score + noise) ** 2, axis=-1))

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    k_data, k_noise, k_sigma = jax.random.split(jax.random.PRNGKey(0), 3)
    data = jax.random.normal(k_data, (STEPS, BATCH, DIM)) * 0.5 + 1.0
    noise = jax.random.normal(k_noise, (STEPS, BATCH, DIM))
    sigmas = jnp.exp(jax.random.uniform(k_sigma, (STEPS, BATCH, 1), minval=-3.0, maxval=1.0))
    model = ScoreNet(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

    def body(carry, batch):
        x, eps, sigma = batch
        return carry, train_step(model, optimizer, x, eps, sigma)

    _, losses = scan(body, None, (data, noise, sigmas))
    print(losses)
    return None


if __name__ == "__main__":
    main()
