# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the step built by make_guided_step wraps model.apply(mutable=["intermediates"]) in jax.checkpoint and appends the sown attention maps to a list captured by the closure
"""Deterministic classifier-free-guidance sampler for a tiny attention denoiser, collecting the
attention maps of every step for visualisation."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class AttnDenoiser(nn.Module):
    dim: int = 8
    num_classes: int = 3

    @nn.compact
    def __call__(self, x, t, label):
        c = nn.Embed(self.num_classes + 1, self.dim)(label)[:, None, :]
        h = x + c + t
        q, k, v = (nn.Dense(self.dim, name=n)(h) for n in ("query", "key", "value"))
        weights = nn.softmax(q @ k.transpose(0, 2, 1) / jnp.sqrt(self.dim), axis=-1)
        self.sow("intermediates", "attention", weights)
        h = h + weights @ v
        return nn.Dense(self.dim)(nn.gelu(h))


def make_guided_step(model, params, labels, guidance, attention_log, step_size=0.2):
    null_labels = jnp.full_like(labels, model.num_classes)

    @jax.checkpoint
    def guided_eps(x, t):
        eps, state = model.apply(
            {"params": params},
            jnp.concatenate([x, x]), t, jnp.concatenate([labels, null_labels]),
            mutable=["intermediates"],
        )
        attention_log.append(state["intermediates"]["attention"][0])
        eps_cond, eps_uncond = jnp.split(eps, 2)
        return eps_uncond + guidance * (eps_cond - eps_uncond)

    def step(x, t):
        return x - step_size * guided_eps(x, t), None

    return step


def main():
    model = AttnDenoiser()
    labels = jnp.array([1, 2])
    x_T = jax.random.normal(jax.random.PRNGKey(5), (2, 4, 8))
    params = model.init(jax.random.PRNGKey(0), x_T, 1.0, labels)["params"]

    attention_log = []
    step = make_guided_step(model, params, labels, guidance=3.0, attention_log=attention_log)
    x0, _ = lax.scan(step, x_T, jnp.linspace(1.0, 0.2, 5))

    mean_attention = jnp.stack(attention_log).mean(axis=0)
    jax.block_until_ready((x0, mean_attention))
    return None
