# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body calls ema.update(), which writes into ema.teacher's Params (an NNX module held by the EMA object) created outside the loop
"""Score-based generative model with NNX: denoising score matching with an exponential moving
average of the weights, as every diffusion codebase keeps. The training state is split and
merged through the jax.lax.fori_loop carry, but the EMA copy is updated by an EMA helper object
that the body closes over.

Modelled on "TraceContextError when updating EMA params inside jax.lax.fori_loop" reports."""
import jax
import jax.numpy as jnp
from flax import nnx

DIM = 2
BATCH = 16
N_STEPS = 5


class ScoreNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(DIM + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, DIM, rngs=rngs)

    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), jnp.log(sigma))], axis=-1)
        return self.l2(nnx.swish(self.l1(h))) / sigma


class EMA:
    def __init__(self, model, decay=0.99):
        self.decay = decay
        self.teacher = nnx.clone(model)

    def update(self, student):
        new = jax.tree.map(lambda t, s: self.decay * t + (1 - self.decay) * s,
                           nnx.state(self.teacher, nnx.Param), nnx.state(student, nnx.Param))
        nnx.update(self.teacher, new)


def main():
    model = ScoreNet(nnx.Rngs(0))
    ema = EMA(model)
    data = 0.3 * jax.random.normal(jax.random.key(1), (N_STEPS, BATCH, DIM)) + 1.0
    noise = jax.random.normal(jax.random.key(2), (N_STEPS, BATCH, DIM))
    graphdef, params = nnx.split(model, nnx.Param)
    sigma, lr = 0.5, 1e-2

    def body(i, params):
        def loss_fn(p):
            score = nnx.merge(graphdef, p)(data[i] + sigma * noise[i], sigma)
            return jnp.mean(jnp.sum((sigma * score + noise[i]) ** 2, axis=-1))

        grads = jax.grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        ema.update(nnx.merge(graphdef, params))
        return params

    params = jax.lax.fori_loop(0, N_STEPS, body, params)
    nnx.update(model, params)
    print("teacher score", ema.teacher(data[0, :2], sigma))
