# label: ok
# flax-error: none
# class: 4 Evaluator -> its hooks list -> DenoiseHook applies the model with the 'diagnostics' collection carried by the while_loop
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
        self.model = model
        self.params = variables["params"]
        self.diagnostics = variables["diagnostics"]

    def __call__(self, trace, diagnostics):
        clean, updates = self.model.apply({"params": self.params, "diagnostics": diagnostics},
                                          trace, mutable=["diagnostics"])
        return jnp.mean((trace - clean) ** 2), updates["diagnostics"]


class Evaluator:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def run(self, traces):
        n = traces.shape[0]

        def cond(state):
            return state[0] < n

        def body(state):
            i, residual, diags = state
            trace = traces[i]
            new_diags = []
            for hook, diag in zip(self.hooks, diags):
                err, diag = hook(trace, diag)
                residual = residual + err
                new_diags.append(diag)
            return i + 1, residual, tuple(new_diags)

        init = (0, jnp.float32(0.0), tuple(h.diagnostics for h in self.hooks))
        _, residual, diags = jax.lax.while_loop(cond, body, init)
        for hook, diag in zip(self.hooks, diags):
            hook.diagnostics = diag
        return residual / n


def main():
    traces = jnp.sin(jnp.linspace(0, 30, 64))[None, :] + 0.4 * jax.random.normal(jax.random.key(0), (5, 64))
    model = Denoiser()
    variables = model.init(jax.random.key(1), traces[0])
    evaluator = Evaluator([DenoiseHook(model, variables)])
    jax.block_until_ready(evaluator.run(traces))
    return None
