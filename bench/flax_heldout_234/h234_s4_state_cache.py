# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type complex64[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a step factory closes over a dict holding the 'cache' collection; the scan body writes the mutated cache into that dict and the next chunk reads it
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


def make_stream_step(layer, params, cache_box):
    def step(carry, u_t):
        y_t, mutated = layer.apply({"params": params, "cache": cache_box["cache"]}, u_t, mutable=["cache"])
        cache_box["cache"] = mutated["cache"]
        return carry, y_t

    return step


def stream(step, chunk):
    _, ys = lax.scan(step, None, chunk)
    return ys


def main():
    H, L = 4, 16
    layer = S4DRecurrentLayer()
    variables = layer.init(jax.random.key(0), jnp.zeros((H,)))
    cache_box = {"cache": variables["cache"]}
    step = make_stream_step(layer, variables["params"], cache_box)

    signal = jnp.sin(jnp.linspace(0.0, 6.0, 2 * L))[:, None] * jnp.ones((1, H))
    outputs = [stream(step, chunk) for chunk in jnp.split(signal, 2)]
    state_energy = jnp.sum(jnp.abs(cache_box["cache"]["ssm_state"]) ** 2)
    jax.block_until_ready((jnp.concatenate(outputs), state_energy))
    return None
