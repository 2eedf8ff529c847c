# label: ok
# flax-error: none
# class: 4 ema.teacher's Params (an NNX module held by the EMA object) are split before the fori_loop and travel in the carry; the body calls ema.update() on the merged teacher and returns its state
"""Score-based generative model with NNX: denoising score matching with an exponential moving
average of the weights. Both the training state and the EMA teacher go through the
jax.lax.fori_loop carry.

Twin of h114_nnx_score_ema.py: the EMA teacher's parameters are split before the loop, the body
merges a teacher from the carried state, lets the EMA helper update it, and returns the state."""
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

    def update(self, student, teacher=None):
        teacher = self.teacher if teacher is None else teacher
        new = jax.tree.map(lambda t, s: self.decay * t + (1 - self.decay) * s,
                           nnx.state(teacher, nnx.Param), nnx.state(student, nnx.Param))
        nnx.update(teacher, new)


def main():
    model = ScoreNet(nnx.Rngs(0))
    ema = EMA(model)
    data = 0.3 * jax.random.normal(jax.random.key(1), (N_STEPS, BATCH, DIM)) + 1.0
    noise = jax.random.normal(jax.random.key(2), (N_STEPS, BATCH, DIM))
    graphdef, params = nnx.split(model, nnx.Param)
    teacher_def, teacher_params = nnx.split(ema.teacher, nnx.Param)
    sigma, lr = 0.5, 1e-2

    def body(i, carry):
        params, teacher_params = carry

        def loss_fn(p):
            score = nnx.merge(graphdef, p)(data[i] + sigma * noise[i], sigma)
            return jnp.mean(jnp.sum((sigma * score + noise[i]) ** 2, axis=-1))

        grads = jax.grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        teacher = nnx.merge(teacher_def, teacher_params)
        ema.update(nnx.merge(graphdef, params), teacher)
        return params, nnx.state(teacher, nnx.Param)

    params, teacher_params = jax.lax.fori_loop(0, N_STEPS, body, (params, teacher_params))
    nnx.update(model, params)
    nnx.update(ema.teacher, teacher_params)
    print("teacher score", ema.teacher(data[0, :2], sigma))
