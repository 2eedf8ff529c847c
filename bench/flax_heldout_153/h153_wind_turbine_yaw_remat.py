# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body calls the setup-defined nn.remat(YawBlock) submodule self.yaw_block whose BatchNorm writes 'batch_stats' under apply(mutable=['batch_stats']); the replay job feeds the returned stats to the next apply
"""Wind-turbine yaw control replay: a rematerialised residual block tracks nacelle misalignment
over a window of gust features; the replay job runs consecutive 10-minute windows."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class YawBlock(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x, train):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return x + nn.Dense(x.shape[-1])(nn.tanh(h))


CheckpointedYawBlock = nn.remat(YawBlock, static_argnums=(2,))


class YawController(nn.Module):
    def setup(self):
        self.yaw_block = CheckpointedYawBlock()

    def prime(self, frame):
        return self.yaw_block(frame, False)

    def __call__(self, gusts, train: bool = False):
        state = self.yaw_block(gusts[0], train)

        def window_step(state, gust):
            state = self.yaw_block(state + gust, train)
            return state, jnp.abs(state).mean()

        state, misalignment = jax.lax.scan(window_step, state, gusts[1:])
        return misalignment


class ReplayJob:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables['params']
        self.batch_stats = variables['batch_stats']

    def stats_step(self, gusts):
        misalignment, updates = self.model.apply(
            {'params': self.params, 'batch_stats': self.batch_stats}, gusts, train=True,
            mutable=['batch_stats'])
        self.batch_stats = updates['batch_stats']
        return misalignment

    def eval_step(self, gusts):
        return self.model.apply({'params': self.params, 'batch_stats': self.batch_stats},
                                gusts, train=False)

    def run(self, windows, step_name):
        step = getattr(self, step_name)
        return [step(w) for w in windows]


def main():
    model = YawController()
    windows = [jnp.sin(jnp.linspace(k, k + 3.0, 6 * 4 * 3)).reshape(6, 4, 3) for k in range(3)]
    variables = model.init(jax.random.key(5), windows[0][0], method=YawController.prime)
    job = ReplayJob(model, variables)
    traces = job.run(windows, 'stats_step')
    jax.block_until_ready(traces)
    return None
