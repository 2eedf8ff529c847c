# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_langevin_step closes over the energy model through a jax.grad closure; the fori_loop body it returns runs the model's BatchNorm in training mode
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop

DIM = 2
N_STEPS = 8


class BNEnergy(nnx.Module):
    def __init__(self, dim, hidden, *, rngs):
        self.fc1 = nnx.Linear(dim, hidden, rngs=rngs)
        self.bn1 = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.silu(self.bn1(self.fc1(x)))
        h = nnx.silu(self.fc2(h))
        return self.out(h).squeeze(-1)


def make_langevin_step(energy_model, step_size, noise):
    energy_grad = jax.grad(lambda x: energy_model(x).sum())

    def step(i, x):
        x = x - 0.5 * step_size * energy_grad(x) + jnp.sqrt(step_size) * noise[i]
        return jnp.clip(x, -3.0, 3.0)

    return step


def cd_loss(model, x_pos, x_neg):
    e_pos, e_neg = model(x_pos), model(x_neg)
    return e_pos.mean() - e_neg.mean() + 0.1 * (e_pos**2 + e_neg**2).mean()


def main():
    model = BNEnergy(DIM, 32, rngs=nnx.Rngs(0))
    key_data, key_init, key_noise = jax.random.split(jax.random.key(1), 3)
    x_pos = jax.random.normal(key_data, (16, DIM)) * 0.3 + jnp.array([1.0, -1.0])
    x0 = jax.random.uniform(key_init, (16, DIM), minval=-2.0, maxval=2.0)
    noise = jax.random.normal(key_noise, (N_STEPS, 16, DIM))
    step = make_langevin_step(model, 0.01, noise)
    x_neg = jax.lax.stop_gradient(fori_loop(0, N_STEPS, step, x0))
    loss, grads = nnx.value_and_grad(cd_loss)(model, x_pos, x_neg)
    jax.block_until_ready((loss, grads))
