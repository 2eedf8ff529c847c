# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "clipped" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Evaluator -> its hooks list -> DenoiseHook.bound (model.bind(variables), no mutable) is called in the while_loop body
"""Seismic waveform denoising: run a denoiser over a station's traces, with hooks collecting QC numbers."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Denoiser(nn.Module):
    clip: float = 2.5

    @nn.compact
    def __call__(self, trace):
        clipped = self.variable("diagnostics", "clipped", lambda: jnp.zeros((), jnp.int32))
        h = nn.relu(nn.Conv(8, kernel_size=(5,))(trace[:, None]))
        y = nn.Conv(1, kernel_size=(5,))(h)[:, 0]
        clipped.value = clipped.value + (jnp.abs(y) > self.clip).sum()
        return jnp.clip(y, -self.clip, self.clip)


class DenoiseHook:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def __call__(self, trace):
        clean = self.bound(trace)
        return jnp.mean((trace - clean) ** 2)


class Evaluator:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def run(self, traces):
        n = traces.shape[0]

        def cond(state):
            i, _ = state
            return i < n

        def body(state):
            i, residual = state
            trace = traces[i]
            for hook in self.hooks:
                residual = residual + hook(trace)
            return i + 1, residual

        _, residual = jax.lax.while_loop(cond, body, (0, jnp.float32(0.0)))
        return residual / n


def main():
    traces = jnp.sin(jnp.linspace(0, 30, 64))[None, :] + 0.4 * jax.random.normal(jax.random.key(0), (5, 64))
    model = Denoiser()
    variables = model.init(jax.random.key(1), traces[0])
    evaluator = Evaluator([DenoiseHook(model, variables)])
    jax.block_until_ready(evaluator.run(traces))
    return None
