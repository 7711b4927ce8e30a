import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from './herald/common/v1/Error';
import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from './herald/common/v1/FieldError';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  herald: {
    common: {
      v1: {
        Empty: MessageTypeDefinition<_herald_common_v1_Empty, _herald_common_v1_Empty__Output>
        Error: MessageTypeDefinition<_herald_common_v1_Error, _herald_common_v1_Error__Output>
        FieldError: MessageTypeDefinition<_herald_common_v1_FieldError, _herald_common_v1_FieldError__Output>
        Ref: MessageTypeDefinition<_herald_common_v1_Ref, _herald_common_v1_Ref__Output>
      }
    }
  }
}

