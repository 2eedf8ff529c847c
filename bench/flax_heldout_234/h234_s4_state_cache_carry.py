# label: ok
# flax-error: none
# class: 5 a step factory applies the layer with the 'cache' collection threaded through the scan carry; the final cache is stored back in the dict after each chunk
import math

import jax
import jax.numpy as jnp
import flax.linen as linen

lax = jax.lax


def log_dt_init(key, shape, dt_min=1e-3, dt_max=1e-1):
    u = jax.random.uniform(key, shape)
    return u * (math.log(dt_max) - math.log(dt_min)) + math.log(dt_min)


class S4DRecurrentLayer(linen.Module):
    """Diagonal state-space layer (S4D-Lin) run one time step at a time."""
    state_size: int = 8

    @linen.compact
    def __call__(self, u):
        H, N = u.shape[-1], self.state_size
        log_dt = self.param("log_dt", log_dt_init, (H,))
        A_re = self.param("A_re", lambda k, s: jnp.full(s, math.log(0.5)), (H, N))
        A_im = self.param("A_im", lambda k, s: jnp.broadcast_to(math.pi * jnp.arange(N), s), (H, N))
        C = self.param("C", linen.initializers.normal(0.5), (H, N, 2))
        D = self.param("D", linen.initializers.ones, (H,))

        A = -jnp.exp(A_re) + 1j * A_im
        dt = jnp.exp(log_dt)[:, None]
        dA = jnp.exp(dt * A)
        dB = (dA - 1.0) / A
        C = C[..., 0] + 1j * C[..., 1]

        ssm_state = self.variable("cache", "ssm_state", jnp.zeros, (H, N), jnp.complex64)
        x = dA * ssm_state.value + dB * u[:, None]
        ssm_state.value = x
        return 2.0 * jnp.real(jnp.sum(C * x, axis=-1)) + D * u


def make_stream_step(layer, params):
    def step(cache, u_t):
        y_t, mutated = layer.apply({"params": params, "cache": cache}, u_t, mutable=["cache"])
        return mutated["cache"], y_t

    return step


def stream(step, cache_box, chunk):
    cache_box["cache"], ys = lax.scan(step, cache_box["cache"], chunk)
    return ys


def main():
    H, L = 4, 16
    layer = S4DRecurrentLayer()
    variables = layer.init(jax.random.key(0), jnp.zeros((H,)))
    cache_box = {"cache": variables["cache"]}
    step = make_stream_step(layer, variables["params"])

    signal = jnp.sin(jnp.linspace(0.0, 6.0, 2 * L))[:, None] * jnp.ones((1, H))
    outputs = [stream(step, cache_box, chunk) for chunk in jnp.split(signal, 2)]
    state_energy = jnp.sum(jnp.abs(cache_box["cache"]["ssm_state"]) ** 2)
    jax.block_until_ready((jnp.concatenate(outputs), state_energy))
    return None
