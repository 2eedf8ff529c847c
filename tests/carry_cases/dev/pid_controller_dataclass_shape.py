# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 3 dataclass registered with register_dataclass, dataclasses.replace sets a (1,)-shaped integral on a scalar field
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class PID:
    integral: jnp.ndarray
    prev_err: jnp.ndarray


jax.tree_util.register_dataclass(PID, data_fields=["integral", "prev_err"], meta_fields=[])


def main():
    setpoints = jnp.linspace(0.0, 1.0, 10)
    measured = jnp.zeros(10)

    def control(pid, sm):
        sp, y = sm
        err = sp - y
        integral = pid.integral + jnp.atleast_1d(err) * 0.1
        u = 1.2 * err + 0.5 * integral + 0.05 * (err - pid.prev_err)
        return dataclasses.replace(pid, integral=integral, prev_err=err), u

    pid, us = jax.lax.scan(control, PID(jnp.float32(0.0), jnp.float32(0.0)), (setpoints, measured))
    return us
