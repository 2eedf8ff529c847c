# label: ok
# flax-error: none
# class: 5 a decorator registry builds the estimator from (flow, params, key); the while_loop body folds the draw index into that key for the dequantization noise
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

ESTIMATORS = {}


def register(name):
    def decorator(builder):
        ESTIMATORS[name] = builder
        return builder
    return decorator


class Coupling(nn.Module):
    flip: bool
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        a, b = jnp.split(x, 2, axis=-1)
        if self.flip:
            a, b = b, a
        h = nn.relu(nn.Dense(self.hidden)(a))
        log_s = 0.5 * nn.tanh(nn.Dense(b.shape[-1])(h))
        b = b * jnp.exp(log_s) + nn.Dense(b.shape[-1])(h)
        out = jnp.concatenate([b, a] if self.flip else [a, b], axis=-1)
        return out, log_s.sum(-1)


class Flow(nn.Module):
    n_layers: int = 4

    def setup(self):
        self.layers = [Coupling(flip=bool(i % 2)) for i in range(self.n_layers)]

    def __call__(self, x):
        log_det = jnp.zeros(x.shape[:-1])
        for layer in self.layers:
            x, ld = layer(x)
            log_det = log_det + ld
        return x, log_det

    def log_prob(self, x):
        z, log_det = self(x)
        return jax.scipy.stats.norm.logpdf(z).sum(-1) + log_det


@register("dequantized_bpd")
def make_dequantized_estimator(flow, params, key, num_draws=6):
    def estimate(x_int):
        dim = x_int.shape[-1]
        draws = jnp.zeros((num_draws, x_int.shape[0]))

        def cond(state):
            return state[0] < num_draws

        def body(state):
            i, draws = state
            u = jax.random.uniform(jax.random.fold_in(key, i), x_int.shape)
            x = (x_int + u) / 256.0
            log_px = flow.apply(params, x, method=Flow.log_prob) - dim * jnp.log(256.0)
            return i + 1, draws.at[i].set(-log_px / (dim * jnp.log(2.0)))

        _, draws = lax.while_loop(cond, body, (0, draws))
        return draws

    return estimate


def main():
    flow = Flow()
    pixels = jax.random.randint(jax.random.key(0), (3, 4), 0, 256).astype(jnp.float32)
    params = flow.init(jax.random.key(1), pixels / 256.0)
    estimate = ESTIMATORS["dequantized_bpd"](flow, params, jax.random.key(5))
    return estimate(pixels)
